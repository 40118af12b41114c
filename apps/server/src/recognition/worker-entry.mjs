// Lets piscina run the TypeScript worker from source (tests, dev) through tsx.
import { register } from 'tsx/esm/api';

register();
const mod = await import('./worker.ts');
export default mod.default;
