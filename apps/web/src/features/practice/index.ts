export { AslWorld as AslWorldPage } from './AslWorld';
export type { AslWorldPageProps, LiveContext } from './AslWorldPage';
