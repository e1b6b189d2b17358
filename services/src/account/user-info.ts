import type { AvatarUserInfo, UserInfo } from '@oj/protocol/account/schemas';
import { roleName } from '@oj/protocol';
import type { UserRow } from './repository';

export function roleNames(roleIds: readonly number[]): string[] {
  return roleIds.map((id) => roleName(id)).filter((n): n is string => n !== undefined);
}

/** The UserInfoVO of core.md §2. */
export function toUserInfo(u: UserRow, roleIds: readonly number[]): UserInfo {
  return {
    uid: u.uid,
    username: u.username,
    nickname: u.nickname,
    avatar: u.avatar,
    titleName: u.title_name,
    titleColor: u.title_color,
    email: u.email,
    number: u.number,
    gender: u.gender,
    school: u.school,
    course: u.course,
    signature: u.signature,
    realname: u.realname,
    github: u.github,
    blog: u.blog,
    cfUsername: u.cf_username,
    roleList: roleNames(roleIds),
  };
}

/** upload-avatar's answer: UserInfoVO less gender, titleName, titleColor. */
export function toAvatarUserInfo(u: UserRow, roleIds: readonly number[]): AvatarUserInfo {
  const { gender: _g, titleName: _n, titleColor: _c, ...rest } = toUserInfo(u, roleIds);
  return rest;
}
