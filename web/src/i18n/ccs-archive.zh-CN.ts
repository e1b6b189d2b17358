// 比赛存档（Contest Archive Format）导出与导入的中文文本。
export const ccsArchiveZhCN = {
  ccsArchive: {
    title: '比赛存档（Contest Archive Format）',
    help: '导出：按 Contest API 2023-06 的存档格式下载本比赛（JSON、事件流、提交代码）。导入（超级管理员）：从存档新建一场比赛（默认隐藏），题目须已存在于本站，提交按存档中的结果记录，不重新评测。',
    export: '导出存档',
    file: '存档文件',
    chooseFile: '选择 zip 文件…',
    import: '导入存档',
    needCid: '请输入比赛 ID',
    needFile: '请选择 zip 文件',
    imported:
      '已新建比赛 {{cid}}：{{problems}} 道题，{{teams}} 支队伍（新建账号 {{accountsCreated}} 个），{{submissions}} 条提交，跳过 {{skipped}} 条',
    openContest: '编辑新比赛',
  },
};
