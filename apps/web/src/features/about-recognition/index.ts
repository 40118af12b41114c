export { AboutRecognitionPage } from './AboutRecognitionPage';
