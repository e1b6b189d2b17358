// Wire texts of virtual participation (issue #27), with their English twins.
import { registerEnglish } from '../../platform/http/message-catalog';

export const VM = {
  CONTEST_MISSING: '对不起，该比赛不存在！',
  NOT_ENDED: '比赛尚未结束，不能进行虚拟参赛！',
  NOT_GROUP_MEMBER: '对不起，您并非团队内的成员无法参加该团队内的比赛！',
  WRONG_PASSWORD: '比赛密码错误，请重新输入！',
  TOOK_PART: '您已参加过该比赛，不能再虚拟参赛！',
  ONE_RUNNING: '您有一场正在进行的虚拟参赛，请结束后再开始新的！',
  ALREADY_TAKEN: '您已虚拟参加过该比赛！',
  NOT_YOURS: '对不起，这不是您的虚拟参赛！',
  NO_PERMISSION: '对不起，您无权限操作！',
  FROZEN: '本场比赛的榜单已封榜，无法查看含虚拟参赛者的最终榜单！',
} as const;

registerEnglish({
  [VM.NOT_ENDED]: 'The contest has not ended yet; it cannot be taken virtually!',
  [VM.TOOK_PART]: 'You took part in this contest; you cannot take it virtually!',
  [VM.ONE_RUNNING]: 'You have a virtual participation running; finish it before starting another!',
  [VM.ALREADY_TAKEN]: 'You have already taken this contest virtually!',
  [VM.NOT_YOURS]: 'Sorry, this is not your virtual participation!',
  [VM.FROZEN]: 'This contest board stays sealed; the final board with virtual participants is not shown!',
});
