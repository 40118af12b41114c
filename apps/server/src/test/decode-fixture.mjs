// Test fixture entry: lets a worker thread load the TypeScript decode fixture through tsx.
import { register } from 'tsx/esm/api';

register();
await import('./decode-fixture.ts');
