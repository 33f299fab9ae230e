// Loads the TypeScript claimer in a worker thread (workers do not inherit vitest's transform).
import { register } from 'tsx/esm/api';

register();
await import('./sqlite-claimer.ts');
