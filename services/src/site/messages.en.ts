// English twins of the site capability's wire texts (issue #16).
import { registerEnglish, registerEnglishPattern } from '../platform/http/message-catalog';

registerEnglish({
  '上传的图片文件不能为空！': 'The image must not be empty!',
  '请选择jpg,jpeg,gif,png,webp,jfif,svg格式的头像图片！':
    'Please choose a jpg, jpeg, gif, png, webp, jfif or svg image!',
  修改失败: 'Update failed',
  '修改失败，该工具不存在！': 'Update failed: this tool does not exist!',
  删除失败: 'Deletion failed',
  '删除失败，该工具不存在！': 'Deletion failed: this tool does not exist!',
  '文件id错误，图片不存在': 'Wrong file id: the image does not exist',
  '服务器异常：图片上传失败！': 'Server error: the image upload failed!',
});
registerEnglishPattern(/^(.+)必须是正整数！$/, (m) => `${m[1]} must be a positive integer!`);
registerEnglishPattern(
  /^上传的图片文件大小不能大于(\d+)M！$/,
  (m) => `The image must not be larger than ${m[1]} MB!`,
);
registerEnglishPattern(
  /^(.+)的账号列表与密码列表的数量不一致！$/,
  (m) => `${m[1]}: the account and password lists differ in length!`,
);
registerEnglishPattern(
  /^(.+)的账号(.*)没有已保存的密码，请填写密码！$/,
  (m) => `${m[1]}: the account ${m[2]} has no stored password, please enter one!`,
);
registerEnglishPattern(
  /^(.+)必须是以http:\/\/或https:\/\/开头的网址！$/,
  (m) => `${m[1]} must be a URL starting with http:// or https://!`,
);
