// English twins of the account capability's wire texts (issue #16). The Chinese texts stay
// inline where they are thrown; a client asking for English gets these.
import { registerEnglish, registerEnglishPattern } from '../platform/http/message-catalog';

registerEnglish({
  密码不能为空: 'The password must not be empty',
  '密码长度应该为6~20位！': 'The password must be 6 to 20 characters long!',
  '对不起！您的邮箱无法注册本网站！': 'Sorry! Your e-mail address cannot register on this site!',
  '对不起！您的邮箱格式不正确！': 'Sorry! Your e-mail address is not valid!',
  '对不起！本站暂未开启注册功能！': 'Sorry! Registration is not open on this site!',
  '对不起！登录失败次数过多！您的账号有风险，半个小时内暂时无法登录！':
    'Sorry! Too many failed logins! Your account is at risk and cannot log in for half an hour!',
  '对不起！该邮箱已被注册，请更换新的邮箱！':
    'Sorry! This e-mail address is already registered, please use another one!',
  '对不起，该邮箱无该用户，请重新检查！': 'Sorry, no user has this e-mail address, please check it!',
  '新密码长度应该为6~20位！': 'The new password must be 6 to 20 characters long!',
  '注册失败，请稍后重新尝试！': 'Registration failed, please try again later!',
  '用户名、新密码或验证码不能为空': 'The username, new password and code must not be empty',
  用户名不能为空: 'The username must not be empty',
  '用户名已存在，请更换用户名！': 'The username already exists, please choose another one!',
  用户名或密码错误: 'Wrong username or password',
  '用户名或密码错误！请注意大小写！': 'Wrong username or password! Mind upper and lower case!',
  '用户名长度不能超过20位!': 'The username must not be longer than 20 characters!',
  '登录失败次数过多，请先完成验证码验证！': 'Too many failed logins, please complete the verification first!',
  '该账号并非管理员账号，无权登录！': 'This account is not an administrator and cannot log in here!',
  邮箱不能为空: 'The e-mail address must not be empty',
  '邮箱已被注册，请更换邮箱！': 'The e-mail address is already registered, please use another one!',
  邮箱或验证码不能为空: 'The e-mail address and code must not be empty',
  邮箱格式错误: 'Invalid e-mail address',
  '邮箱格式错误！': 'Invalid e-mail address!',
  重置密码失败: 'Resetting the password failed',
  '重置密码的验证码不正确，请重新输入': 'The password reset code is wrong, please enter it again',
  '重置密码链接不存在或已过期，请重新发送重置邮件':
    'The reset link does not exist or has expired, please send the reset e-mail again',
  验证码不存在或已过期: 'The code does not exist or has expired',
  验证码不正确: 'The code is wrong',
  验证码不能为空: 'The code must not be empty',
  '上传的头像图片文件不能为空！': 'The avatar image must not be empty!',
  '上传的头像图片文件大小不能大于2M！': 'The avatar image must not be larger than 2 MB!',
  '修改密码成功！您将于5秒钟后退出进行重新登录操作！':
    'Password changed! You will be logged out in 5 seconds to log in again!',
  '修改邮箱成功！': 'E-mail address changed!',
  '修改邮箱验证码不存在或已过期，请重新发送！':
    'The e-mail change code does not exist or has expired, please send it again!',
  '新邮箱与当前邮箱一致，请不要重复设置！': 'The new e-mail address is the current one!',
  '更新个人信息失败！': 'Updating the profile failed!',
  '服务器异常：头像上传失败！': 'Server error: the avatar upload failed!',
  用户不存在: 'The user does not exist',
  '系统错误：修改密码失败！': 'System error: changing the password failed!',
  '该邮箱已被他人使用，请重新设置其它邮箱！':
    'This e-mail address is used by somebody else, please choose another one!',
  '请求参数错误：uid和username不能都为空！': 'Bad request: uid and username must not both be empty!',
  '请选择jpg,jpeg,gif,png,webp格式的头像图片！': 'Please choose a jpg, jpeg, gif, png or webp avatar image!',
  '错误：原始密码或新密码不能为空！': 'Error: the old and new password must not be empty!',
  '错误：密码、新邮箱或验证码不能为空！':
    'Error: the password, new e-mail address and code must not be empty!',
  登出成功: 'Logged out',
  '退出登录成功！': 'Logged out!',
});
const FIELDS: Record<string, string> = {
  Codeforces用户名: 'Codeforces username',
  个性简介: 'signature',
  博客: 'blog',
  学号: 'student number',
  学校: 'school',
  昵称: 'nickname',
  真实姓名: 'real name',
};
const FEATURES: Record<string, string> = { 修改密码: 'password change', 修改邮箱: 'e-mail change' };
registerEnglishPattern(
  /^对不起，您的操作频率过快，请在(\d+)秒后再次发送(注册|重置|修改)邮件！$/,
  (m) => `Sorry, you are too fast, please send the e-mail again in ${m[1]} s!`,
);
registerEnglishPattern(
  /^原始密码错误！您已累计修改密码失败(\d+)次，失败5次后修改密码功能将锁定30分钟！$/,
  (m) => `Wrong old password! ${m[1]} failed attempt(s); after 5 the password change locks for 30 minutes!`,
);
registerEnglishPattern(
  /^(密码|验证码)错误！您已累计修改邮箱失败(\d+)次，失败5次后修改邮箱功能将锁定30分钟！$/,
  (m) =>
    `Wrong ${m[1] === '密码' ? 'password' : 'code'}! ${m[2]} failed attempt(s); after 5 the e-mail change locks for 30 minutes!`,
);
registerEnglishPattern(
  /^(.+)的内容长度超过限制，请重新编辑！$/,
  (m) => `The ${FIELDS[m[1]!] ?? m[1]} is too long, please shorten it!`,
);
registerEnglishPattern(
  /^由于您多次(修改密码|修改邮箱)失败，.+功能已锁定，请在(\d+)分(\d+)秒后\((.+)\)再进行尝试！$/,
  (m) =>
    `After repeated failures the ${FEATURES[m[1]!]} is locked; try again in ${m[2]} min ${m[3]} s (${m[4]})!`,
);
