export { AslWorldPage } from './AslWorldPage';
