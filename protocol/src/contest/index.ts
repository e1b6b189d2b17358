export * from './scoreboard';
export * from './clock';
export * from './schemas';
export * from './submissions';
export * from './scroll-board';
