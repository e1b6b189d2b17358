// What the group capability needs from others. Each has a default that behaves as if the other
// capability had nothing to say.
import type { NoticePort } from '../platform/shared-ports';

/** The per-user creation limits of spec §9.1 (site switches). */
export interface GroupLimits {
  defaultCreateGroupACInitValue: number;
  defaultCreateGroupDailyLimit: number;
  defaultCreateGroupLimit: number;
}

export const DEFAULT_GROUP_LIMITS: GroupLimits = {
  defaultCreateGroupACInitValue: 20,
  defaultCreateGroupDailyLimit: 2,
  defaultCreateGroupLimit: 5,
};

export interface GroupPorts {
  notices?: NoticePort;
  limits?: () => Promise<GroupLimits>;
  now?: () => number;
}
