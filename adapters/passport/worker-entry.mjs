// The pool's thread entry. Node runs worker threads without tsx's loader under vitest (and a
// thread started under `node --import tsx` may not have it either), so the TypeScript task
// module is loaded through tsx's scoped import: the same code in tests, `npm start` and benches.
import { tsImport } from 'tsx/esm/api';

const { runPassportTask } = await tsImport('./worker.ts', import.meta.url);

export default runPassportTask;
