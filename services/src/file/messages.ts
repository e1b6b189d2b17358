// Wire texts of markdown uploads (reference core.md §10), verbatim, with English twins.
import { registerEnglish } from '../platform/http/message-catalog';

export const F = {
  NO_PERMISSION: '对不起，您无权限操作！',
  IMAGE_EMPTY: '上传的图片不能为空！',
  IMAGE_BIG: '上传的图片文件大小不能大于4M！',
  IMAGE_TYPE: '请选择jpg,jpeg,gif,png,webp格式的图片！',
  IMAGE_WRITE: '服务器异常：图片文件上传失败！',
  FILE_EMPTY: '上传的文件不能为空！',
  FILE_BIG: '上传的文件大小不能大于128M！',
  FILE_WRITE: '服务器异常：文件上传失败！',
  DELETE_MISSING: '错误：文件不存在！',
  DELETE_FAILED: '删除失败',
  DELETE_UNSUPPORTED: '错误：不支持删除！',
} as const;

registerEnglish({
  [F.IMAGE_EMPTY]: 'The uploaded image cannot be empty!',
  [F.IMAGE_BIG]: 'The uploaded image cannot be larger than 4M!',
  [F.IMAGE_TYPE]: 'Please choose a jpg, jpeg, gif, png or webp image!',
  [F.IMAGE_WRITE]: 'Server error: the image upload failed!',
  [F.FILE_EMPTY]: 'The uploaded file cannot be empty!',
  [F.FILE_BIG]: 'The uploaded file cannot be larger than 128M!',
  [F.FILE_WRITE]: 'Server error: the file upload failed!',
  [F.DELETE_MISSING]: 'Error: the file does not exist!',
  [F.DELETE_FAILED]: 'Delete failed',
  [F.DELETE_UNSUPPORTED]: 'Error: this file cannot be deleted!',
});
