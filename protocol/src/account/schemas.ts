/**
 * Request and response schemas of the passport and account endpoints
 * (reference/api/core.md §2 UserInfoVO, §3, §11). Request fields that the
 * contract answers with a specific text when missing are optional here: the
 * service checks them so the client gets that text, not a generic one.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from '../nullable';
import { EnvelopeOf } from '../envelope';

const NStr = Nullable(Type.String());
/** A request string field that may be absent or null (the service decides what that means). */
const OptStr = (maxLength = 65535) => Type.Optional(Nullable(Type.String({ maxLength })));

export const UserInfoSchema = Type.Object(
  {
    uid: Type.String(),
    username: Type.String(),
    nickname: NStr,
    avatar: NStr,
    titleName: NStr,
    titleColor: NStr,
    email: NStr,
    number: NStr,
    gender: NStr,
    school: NStr,
    course: NStr,
    signature: NStr,
    realname: NStr,
    github: NStr,
    blog: NStr,
    cfUsername: NStr,
    roleList: Type.Array(Type.String()),
  },
  { title: 'UserInfoVO' },
);
export type UserInfo = Static<typeof UserInfoSchema>;

export const LoginBody = Type.Object({
  username: OptStr(1000),
  password: OptStr(1000),
  /** Verification proof, required from the 5th failed attempt (docs/compat.md "Accounts"). */
  captchaKey: OptStr(64),
  captcha: OptStr(16),
});
export type LoginBody = Static<typeof LoginBody>;

export const RegisterCodeQuery = Type.Object({ email: Type.String({ maxLength: 320 }) });
export const RegisterCodeData = Type.Object({ email: Type.String(), expire: Type.Integer() });

export const RegisterBody = Type.Object({
  username: OptStr(1000),
  password: OptStr(1000),
  email: OptStr(1000),
  code: OptStr(64),
});
export type RegisterBody = Static<typeof RegisterBody>;

export const CheckUsernameOrEmailBody = Type.Object({ username: OptStr(1000), email: OptStr(1000) });
export const CheckUsernameOrEmailData = Type.Object({ email: Type.Boolean(), username: Type.Boolean() });

export const CaptchaData = Type.Object({ img: Type.String(), captchaKey: Type.String() });

export const ApplyResetPasswordBody = Type.Object({
  email: OptStr(1000),
  captcha: OptStr(64),
  captchaKey: OptStr(64),
});
export type ApplyResetPasswordBody = Static<typeof ApplyResetPasswordBody>;

export const ResetPasswordBody = Type.Object({
  username: OptStr(1000),
  password: OptStr(1000),
  code: OptStr(64),
});
export type ResetPasswordBody = Static<typeof ResetPasswordBody>;

export const UserAuthInfoData = Type.Object({ roles: Type.Array(Type.String()), permissions: Type.Null() });

export const ChangePasswordBody = Type.Object({ oldPassword: OptStr(1000), newPassword: OptStr(1000) });
export type ChangePasswordBody = Static<typeof ChangePasswordBody>;

/** change-password / change-email: the business outcome travels in `code`, the envelope stays 200. */
export const ChangeOutcomeData = Type.Object({
  code: Type.Integer(),
  msg: Type.String(),
  userInfo: Nullable(UserInfoSchema),
});
export type ChangeOutcome = Static<typeof ChangeOutcomeData>;

export const ChangeEmailCodeQuery = Type.Object({ email: Type.String({ maxLength: 320 }) });

export const ChangeEmailBody = Type.Object({
  password: OptStr(1000),
  newEmail: OptStr(1000),
  code: OptStr(64),
  oldEmail: OptStr(1000),
});
export type ChangeEmailBody = Static<typeof ChangeEmailBody>;

/** The columns change-userInfo writes; absent or null clears the column. Longer than the limits → 400 text. */
export const ChangeUserInfoBody = Type.Object({
  cfUsername: OptStr(),
  realname: OptStr(),
  nickname: OptStr(),
  signature: OptStr(),
  blog: OptStr(),
  gender: OptStr(32),
  github: OptStr(),
  school: OptStr(),
  number: OptStr(),
});
export type ChangeUserInfoBody = Static<typeof ChangeUserInfoBody>;

export const UserLookupQuery = Type.Object({
  uid: Type.Optional(Type.String({ maxLength: 64 })),
  username: Type.Optional(Type.String({ maxLength: 255 })),
});
export type UserLookupQuery = Static<typeof UserLookupQuery>;

export const SolvedProblemSchema = Type.Object({
  id: Type.Integer(),
  problemId: Type.String(),
  difficulty: Type.Integer(),
});

export const UserHomeData = Type.Object({
  uid: Type.String(),
  username: Type.String(),
  school: NStr,
  signature: NStr,
  nickname: NStr,
  gender: NStr,
  github: NStr,
  blog: NStr,
  avatar: NStr,
  titleName: NStr,
  titleColor: NStr,
  total: Type.Integer(),
  rating: Nullable(Type.Integer()),
  scoreList: Type.Array(Nullable(Type.Number())),
  solvedList: Type.Array(Type.String()),
  solvedGroupByDifficulty: Nullable(Type.Record(Type.String(), Type.Array(SolvedProblemSchema))),
  recentLoginTime: NStr,
});
export type UserHome = Static<typeof UserHomeData>;

export const HeatmapData = Type.Object({
  endDate: Type.String(),
  dataList: Type.Array(Type.Object({ date: Type.String(), count: Type.Integer() })),
});
export type Heatmap = Static<typeof HeatmapData>;

/** upload-avatar answers a UserInfoVO without gender, titleName and titleColor (core.md §12 #6). */
export const AvatarUserInfoSchema = Type.Omit(UserInfoSchema, ['gender', 'titleName', 'titleColor']);
export type AvatarUserInfo = Static<typeof AvatarUserInfoSchema>;

export const AdminLoginBody = Type.Object({ username: OptStr(1000), password: OptStr(1000) });
export type AdminLoginBody = Static<typeof AdminLoginBody>;

export const UserInfoEnvelope = EnvelopeOf(UserInfoSchema);
export const RegisterCodeEnvelope = EnvelopeOf(RegisterCodeData);
export const CheckUsernameOrEmailEnvelope = EnvelopeOf(CheckUsernameOrEmailData);
export const CaptchaEnvelope = EnvelopeOf(CaptchaData);
export const UserAuthInfoEnvelope = EnvelopeOf(UserAuthInfoData);
export const ChangeOutcomeEnvelope = EnvelopeOf(ChangeOutcomeData);
export const UserHomeEnvelope = EnvelopeOf(UserHomeData);
export const HeatmapEnvelope = EnvelopeOf(HeatmapData);
export const AvatarUserInfoEnvelope = EnvelopeOf(AvatarUserInfoSchema);

/** A stored image's public name: 32 hex digits and an extension. */
export const PublicImageParams = Type.Object({
  name: Type.String({ pattern: '^[0-9a-f]{32}\\.[a-z]{2,5}$' }),
});
