// Test fixture entry: lets a worker thread load the TypeScript fixture through tsx.
import { register } from 'tsx/esm/api';

register();
await import('./worker-fixture.ts');
