export * from './judge-task';
export * from './compare';
export * from './verdict';
export * from './checker-verdict';
export { runtimeErrorMessage, signalName } from './signals';
