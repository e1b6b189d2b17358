/** Every capability's operations in one table: the contract the server registers and clients call. */
import { accountOperations } from './account/operations';
import { adminOperations } from './admin/operations';
import { contestOperations } from './contest/operations';
import { discussionOperations } from './discussion/operations';
import { fileOperations } from './file/operations';
import { groupOperations } from './group/operations';
import { judgeOperations } from './judge/operations';
import { messageOperations } from './message/operations';
import { problemOperations } from './problem/operations';
import { siteOperations } from './site/operations';
import { trainingOperations } from './training/operations';

export const apiOperations = {
  ...accountOperations,
  ...adminOperations,
  ...contestOperations,
  ...discussionOperations,
  ...fileOperations,
  ...groupOperations,
  ...judgeOperations,
  ...messageOperations,
  ...problemOperations,
  ...siteOperations,
  ...trainingOperations,
};

export type ApiOperations = typeof apiOperations;
