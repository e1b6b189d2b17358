/**
 * Wire shapes of the site capability: website config, feature switches, tools,
 * site announcements, home carousel and the language rows (reference/api/core.md §4,
 * groups-admin-files.md §4.3–4.5).
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { Nullable } from '../nullable';

/** GET /api/get-website-config */
export const WebsiteConfig = Type.Object({
  baseUrl: Type.String(),
  name: Type.String(),
  shortName: Type.String(),
  register: Type.Boolean(),
  recordName: Nullable(Type.String()),
  recordUrl: Nullable(Type.String()),
  description: Nullable(Type.String()),
  /** The SMTP account username, null when mail is not configured. */
  email: Nullable(Type.String()),
  projectName: Type.String(),
  projectUrl: Type.String(),
  openPublicDiscussion: Type.Boolean(),
  openGroupDiscussion: Type.Boolean(),
  openContestComment: Type.Boolean(),
});
export type WebsiteConfig = Static<typeof WebsiteConfig>;

/** GET /api/admin/config/get-web-config */
export const WebConfig = Type.Object({
  baseUrl: Type.String(),
  name: Type.String(),
  shortName: Type.String(),
  description: Nullable(Type.String()),
  register: Type.Boolean(),
  recordName: Nullable(Type.String()),
  recordUrl: Nullable(Type.String()),
  projectName: Type.String(),
  projectUrl: Type.String(),
});
export type WebConfig = Static<typeof WebConfig>;

const Text = (maxLength: number, field: string) =>
  Nullable(Type.String({ maxLength, errorMessage: `${field}的长度不能超过${maxLength}个字符！` }));

/** PUT /api/admin/config/set-web-config: only non-empty strings and a non-null register are applied. */
export const WebConfigUpdate = Type.Object({
  baseUrl: Type.Optional(Text(255, 'baseUrl')),
  name: Type.Optional(Text(255, 'name')),
  shortName: Type.Optional(Text(64, 'shortName')),
  description: Type.Optional(Text(2000, 'description')),
  register: Type.Optional(Nullable(Type.Boolean())),
  recordName: Type.Optional(Text(255, 'recordName')),
  recordUrl: Type.Optional(Text(255, 'recordUrl')),
  projectName: Type.Optional(Text(255, 'projectName')),
  projectUrl: Type.Optional(Text(255, 'projectUrl')),
});
export type WebConfigUpdate = Static<typeof WebConfigUpdate>;

/** The remote-judge account list fields of the switch config, in reference order. */
export const REMOTE_ACCOUNT_LISTS = [
  'hduUsernameList',
  'hduPasswordList',
  'cfUsernameList',
  'cfPasswordList',
  'pojUsernameList',
  'pojPasswordList',
  'atcoderUsernameList',
  'atcoderPasswordList',
  'spojUsernameList',
  'spojPasswordList',
  'libreojUsernameList',
  'libreojPasswordList',
] as const;
export type RemoteAccountList = (typeof REMOTE_ACCOUNT_LISTS)[number];

/**
 * What `GET /api/admin/switch/info` sends in place of each stored remote-judge password (they never
 * leave the server); sent back unchanged in `PUT /api/admin/switch/update`, it keeps the password
 * stored for that username (docs/compat.md X31).
 */
export const PASSWORD_MASK = '********';

export const SWITCH_FLAGS = [
  'openPublicDiscussion',
  'openGroupDiscussion',
  'openContestComment',
  'openPublicJudge',
  'openGroupJudge',
  'openContestJudge',
  'hideNonContestSubmissionCode',
] as const;
export type SwitchFlag = (typeof SWITCH_FLAGS)[number];

export const SWITCH_NUMBERS = [
  'defaultSubmitInterval',
  'defaultCreateGroupDailyLimit',
  'defaultCreateGroupLimit',
  'defaultCreateGroupACInitValue',
  'defaultCreateDiscussionDailyLimit',
  'defaultCreateDiscussionACInitValue',
  'defaultCreateCommentACInitValue',
] as const;
export type SwitchNumber = (typeof SWITCH_NUMBERS)[number];

/** Builds one property per key, so the lists above stay the single source of the field names. */
function props<K extends string, S extends TSchema>(keys: readonly K[], make: (key: K) => S): Record<K, S> {
  return Object.fromEntries(keys.map((key) => [key, make(key)])) as Record<K, S>;
}

const accountList = (key: string) =>
  Type.Array(Type.String({ maxLength: 255 }), { maxItems: 200, errorMessage: `${key}必须是字符串列表！` });

/** GET /api/admin/switch/info */
export const SwitchConfig = Type.Object({
  ...props(SWITCH_FLAGS, () => Type.Boolean()),
  ...props(SWITCH_NUMBERS, () => Type.Integer()),
  ...props(REMOTE_ACCOUNT_LISTS, () => Type.Array(Type.String())),
});
export type SwitchConfig = Static<typeof SwitchConfig>;

/**
 * PUT /api/admin/switch/update: null or absent scalars stay unchanged; a negative
 * defaultSubmitInterval is stored as 0; every account list must be present (the
 * reference crashes with HTTP 500 otherwise; here it is a clear HTTP 400).
 */
export const SwitchConfigUpdate = Type.Object({
  ...props(SWITCH_FLAGS, () => Type.Optional(Nullable(Type.Boolean()))),
  ...props(SWITCH_NUMBERS, (key) =>
    Type.Optional(
      Nullable(
        Type.Integer({
          minimum: key === 'defaultSubmitInterval' ? -2147483648 : 0,
          maximum: 2147483647,
          errorMessage: key === 'defaultSubmitInterval' ? `${key}必须是整数！` : `${key}必须是非负整数！`,
        }),
      ),
    ),
  ),
  ...props(REMOTE_ACCOUNT_LISTS, accountList),
});
export type SwitchConfigUpdate = Static<typeof SwitchConfigUpdate>;

/** GET /api/tools (the reference has no tools endpoint; this contract is the project's). */
export const Tool = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  url: Type.String(),
  seq: Type.Integer(),
  gmtCreate: Type.String(),
  gmtModified: Type.String(),
});
export type Tool = Static<typeof Tool>;

const ToolFields = {
  name: Type.String({
    minLength: 1,
    maxLength: 64,
    pattern: '\\S',
    errorMessage: '工具名称不能为空且不能超过64个字符！',
  }),
  url: Type.String({
    minLength: 1,
    maxLength: 512,
    pattern: '^[Hh][Tt][Tt][Pp][Ss]?://\\S+$',
    errorMessage: '工具链接必须是以http://或https://开头的网址，且不能超过512个字符！',
  }),
  seq: Type.Optional(Type.Integer({ minimum: -100000, maximum: 100000, errorMessage: 'seq必须是整数！' })),
};

/** POST /api/admin/tools */
export const ToolCreate = Type.Object(ToolFields);
export type ToolCreate = Static<typeof ToolCreate>;

/** PUT /api/admin/tools */
export const ToolUpdate = Type.Object({
  id: Type.Integer({ minimum: 1, errorMessage: '工具id不能为空！' }),
  ...ToolFields,
});
export type ToolUpdate = Static<typeof ToolUpdate>;

/** A site announcement as listed (AnnouncementVO). */
export const AnnouncementVO = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  content: Type.String(),
  uid: Type.String(),
  username: Nullable(Type.String()),
  status: Type.Integer(),
  gmtCreate: Type.String(),
  gmtModified: Type.String(),
});
export type AnnouncementVO = Static<typeof AnnouncementVO>;

/** A stored announcement (Announcement). */
export const Announcement = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  content: Type.String(),
  uid: Type.String(),
  status: Type.Integer(),
  gid: Nullable(Type.Integer()),
  gmtCreate: Type.String(),
  gmtModified: Type.String(),
});
export type Announcement = Static<typeof Announcement>;

const AnnouncementFields = {
  title: Type.String({
    minLength: 1,
    maxLength: 255,
    pattern: '\\S',
    errorMessage: '公告标题不能为空且不能超过255个字符！',
  }),
  content: Type.String({
    minLength: 1,
    maxLength: 65535,
    pattern: '\\S',
    errorMessage: '公告内容不能为空且不能超过65535个字符！',
  }),
  /** 0 shown, 1 hidden; absent means 0 (a Java primitive in the reference). */
  status: Type.Optional(Nullable(Type.Integer({ enum: [0, 1, null], errorMessage: '公告状态只能是0或1！' }))),
};

/** POST /api/admin/announcement (the author is the caller; a client-sent uid is ignored). */
export const AnnouncementCreate = Type.Object(AnnouncementFields);
export type AnnouncementCreate = Static<typeof AnnouncementCreate>;

/** PUT /api/admin/announcement: with an id it updates that announcement, without one it creates. */
export const AnnouncementUpdate = Type.Object({
  id: Type.Optional(Nullable(Type.Integer({ minimum: 1, errorMessage: '公告id错误！' }))),
  ...AnnouncementFields,
});
export type AnnouncementUpdate = Static<typeof AnnouncementUpdate>;

/** GET /api/home-carousel, POST /api/file/upload-carouse-img */
export const CarouselImage = Type.Object({ id: Type.Integer(), url: Type.String() });
export type CarouselImage = Static<typeof CarouselImage>;

/** Paging query of the announcement lists. */
export const PageQuery = Type.Object({
  currentPage: Type.Optional(Type.Integer()),
  limit: Type.Optional(Type.Integer()),
});
export type PageQuery = Static<typeof PageQuery>;

/** Payload of `Subjects.siteConfigChanged`: which setting groups changed. */
export interface SiteConfigChanged {
  groups: ('web' | 'switch')[];
}
