// The message capability's operations (issue #30): request schemas and success envelope per route.
import type { OperationTable } from '../operations';

export const messageOperations = {} as const satisfies Partial<OperationTable>;
