// The node suites compose the agency through the inversify container (apps/shared/container.ts):
// reflect-metadata is imported once per process, before it is built, as in the server's and the
// CLI's entries.
import 'reflect-metadata';
