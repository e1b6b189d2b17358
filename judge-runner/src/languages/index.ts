export * from './table';
export * from './detect';
export * from './cache';
export * from './compile';
export * from './pch';
