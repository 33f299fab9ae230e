// Loads the TypeScript receipt issuer in a worker thread (workers do not inherit vitest's transform).
import { register } from 'tsx/esm/api';

register();
await import('./sqlite-receipt-issuer.ts');
