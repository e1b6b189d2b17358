export * from './sandbox';
export * from './workspace';
export { detectCgroupRoots, type CgroupRoots } from './cgroup';
export * from './files';
