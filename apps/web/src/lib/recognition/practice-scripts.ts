/** The practice engine's scripted hand sequences, for the offline engine's tests (features -> lib -> packages). */
export { framesOf, SCRIPTED_CASES } from '@asl/practice';
