export * from './envelope';
export * from './enums';
export * from './subjects';
