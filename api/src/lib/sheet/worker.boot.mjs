// A sheet worker's entry. The API's TypeScript runs through tsx, whose module hooks a worker thread does
// not inherit (Node 20): the worker registers them before loading its body.
import { register } from 'tsx/esm/api';

register();
await import('./worker.ts');
