export * from './judge-task';
export * from './test-data';
export * from './compare-stream';
export * from './case-order';
export * from './compare';
export * from './verdict';
export * from './checker-verdict';
export { runtimeErrorMessage, signalName } from './signals';
