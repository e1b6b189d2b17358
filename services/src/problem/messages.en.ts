// English twins of the problem capability's wire texts (issue #16).
import { registerEnglish, registerEnglishPattern } from '../platform/http/message-catalog';

registerEnglish({
  '该题目没有可验证的解答！': 'This problem has no solutions to verify!',
  'FPS文件不能包含DOCTYPE或实体声明！': 'An FPS file must not contain a DOCTYPE or entity declarations!',
  '压缩包内文件的大小与其声明不符，已拒绝！':
    'A file in the archive does not have the size its header declares: refused!',
  '不支持 ZIP64 格式的压缩包！': 'ZIP64 archives are not supported!',
  '不支持加密的压缩包！': 'Encrypted archives are not supported!',
  '该标签分类不存在！': 'The tag classification does not exist!',
  '参数不能为空！': 'Parameters must not be empty!',
  '编译成功！': 'Compiled successfully!',
  '题目id格式错误！': 'Invalid problem id!',
  '代码模板的语言不存在！': 'The language of the code template does not exist!',
  修改失败: 'Update failed',
  '修改失败！你无权限公开题目！': 'Update failed! You may not make problems public!',
  删除失败: 'Deletion failed',
  '删除失败！': 'Deletion failed!',
  '对不起，你无权限修改题目！': 'Sorry, you may not edit this problem!',
  '对不起，你无权限查看题目！': 'Sorry, you may not view this problem!',
  '当前的Problem ID 已被使用，请重新更换新的！': 'This Problem ID is taken, please choose another one!',
  '文件IO的输入输出文件名不合法！': 'The file IO input/output file names are invalid!',
  更新失败: 'Update failed',
  '查询失败！': 'Query failed!',
  '标签分类名称不能为空！': 'The tag classification name must not be empty!',
  '标签名称不能为空！': 'The tag name must not be empty!',
  '特殊判题或交互判题的程序代码与语言不能为空！':
    'The special/interactive judge code and its language must not be empty!',
  '该标签分类名称已存在！请勿重复！': 'This tag classification already exists!',
  '该标签名称已存在！请勿重复添加！': 'This tag already exists!',
  '该题目的Problem ID已存在，请更换！': 'This Problem ID already exists, please choose another one!',
  '请先上传评测数据压缩包！': 'Please upload the test data zip first!',
  '请求参数pid或者progress不能为空！': 'The parameters pid and progress must not be empty!',
  '请求参数错误：progress请使用1~3': 'Bad request: progress must be 1 to 3',
  '错误：当前题目已不存在！': 'Error: this problem no longer exists!',
  '题目标题的内容不能为空！': 'The problem title must not be empty!',
  '题目的id不能为空！': 'The problem id must not be empty!',
  '题目的权限必须为公开题目(1), 隐藏题目(2), 比赛题目(3)！':
    'The problem visibility must be public (1), hidden (2) or contest (3)!',
  '题目的评测数据不能为空！': 'The test data of the problem must not be empty!',
  '题目的配置项不能为空！': 'The problem settings must not be empty!',
  '评测数据上传记录不存在或已失效，请重新上传评测数据压缩包！':
    'The test data upload does not exist or has expired, please upload the zip again!',
  '对不起，您无权限操作！': 'Sorry, you do not have permission for this operation!',
  '对不起，该题目不存在！': 'Sorry, this problem does not exist!',
  '对不起，该题目的评测数据为空！': 'Sorry, this problem has no test data!',
  '请上传xml后缀格式的fps题目文件！': 'Please upload an FPS problem file ending in .xml!',
  '请上传zip格式的测试数据压缩包！': 'Please upload the test data as a zip!',
  '请上传zip格式的题目文件压缩包！': 'Please upload the problems as a zip!',
  '请选择要导出的题目！': 'Please choose the problems to export!',
  '没有可用的判题服务器，请重新尝试！': 'No judge server is available, please try again!',
  '评测数据的分数不能为负数！': 'Test case scores must not be negative!',
  '评测数据的分组编号不能为负数！': 'Test case group numbers must not be negative!',
  '题目的内存限制不能小于等于0！': 'The memory limit must be greater than 0!',
  '题目的判题模式必须为普通判题(default), 特殊判题(spj), 交互判题(interactive)！':
    'The judge mode must be default, spj or interactive!',
  '题目的展示ID不能为空！': 'The problem display id must not be empty!',
  '题目的时间限制不能小于等于0！': 'The time limit must be greater than 0!',
  '题目的栈限制不能小于等于0！': 'The stack limit must be greater than 0!',
  '题目的用例模式错误，ACM类型的题目只能为默认模式(default)、遇错止评(ergodic_without_error)！':
    'Wrong case mode: ACM problems use default or ergodic_without_error!',
  '题目的用例模式错误，OI类型的题目只能为默认模式(default)、子任务（最低得分）(subtask_lowest)、 子任务（平均得分）(subtask_average)！':
    'Wrong case mode: OI problems use default, subtask_lowest or subtask_average!',
  '题目的类型必须为ACM(0), OI(1)！': 'The problem type must be ACM (0) or OI (1)!',
  '对不起，您并非该题目所属的团队内成员，无权查看题目！':
    'Sorry, you are not a member of the group this problem belongs to!',
  是否为比赛题目提交判断不能为空: 'Whether these are contest problems must be given',
  查询的题目id列表不能为空: 'The list of problem ids must not be empty',
  '标签id格式错误，请使用数字id列表！': 'Invalid tag ids, use a list of numbers!',
  '获取随机题目失败，题库暂无公开题目！': 'No random problem: the bank has no public problems yet!',
  该题号对应的题目不存在: 'No problem has this id',
  '该题号对应题目并非公开题目，不支持访问！': 'This problem is not public and cannot be opened!',
  '该题目不存在！': 'This problem does not exist!',
  '请求参数错误：tid或cid不能为空': 'Bad request: tid or cid must be given',
  '题目为团队所属，此处不支持访问，请前往团队查看！':
    'This problem belongs to a group; open it inside the group!',
  '压缩包格式错误或已损坏，无法解压！': 'The zip is invalid or damaged and cannot be extracted!',
});
registerEnglishPattern(/^导入成功：共导入(\d+)道题目$/, (m) => `Imported ${m[1]} problem(s)`);
registerEnglishPattern(/^语言不存在：(.*)$/, (m) => `Unknown language(s): ${m[1]}`);
registerEnglishPattern(
  /^默认校验器参数无效：([\s\S]*)$/,
  (m) => `Invalid default output validator flags: ${m[1]}`,
);
registerEnglishPattern(/^评测数据最多(\d+)组！$/, (m) => `At most ${m[1]} test cases!`);
registerEnglishPattern(
  /^题目的内存限制范围请合理填写！\(1~(\d+)mb\)$/,
  (m) => `The memory limit must be 1 to ${m[1]} MB!`,
);
registerEnglishPattern(
  /^题目的时间限制范围请合理填写！\(1~(\d+)ms\)$/,
  (m) => `The time limit must be 1 to ${m[1]} ms!`,
);
registerEnglishPattern(
  /^题目的栈限制范围请合理填写！\(1~(\d+)mb\)$/,
  (m) => `The stack limit must be 1 to ${m[1]} MB!`,
);
registerEnglishPattern(/^对不起，题目 (.+) 不存在！$/, (m) => `Sorry, problem ${m[1]} does not exist!`);
registerEnglishPattern(
  /^评测数据文件丢失（(.+)），请重新上传该题目的评测数据！$/,
  (m) => `Test data file missing (${m[1]}), please upload the test data of this problem again!`,
);
registerEnglishPattern(
  /^评测数据文件 (.*) 不存在，请重新上传评测数据压缩包！$/,
  (m) => `Test data file ${m[1]} does not exist, please upload the zip again!`,
);
registerEnglishPattern(
  /^导入失败：以下题目ID已存在或在包内重复：\[(.*)\]，本次未导入任何题目。$/,
  (m) => `Import failed: these problem ids exist or repeat in the package: [${m[1]}]; nothing was imported.`,
);
registerEnglishPattern(
  /^压缩包内单个文件过大（最多(\d+)MB）：(.*)$/,
  (m) => `A file in the zip is too large (at most ${m[1]} MB): ${m[2]}`,
);
registerEnglishPattern(/^压缩包内含有非法路径：(.*)$/, (m) => `The zip contains an illegal path: ${m[1]}`);
registerEnglishPattern(
  /^压缩包内文件过多（最多(\d+)个）！$/,
  (m) => `The zip has too many files (at most ${m[1]})!`,
);
registerEnglishPattern(/^压缩包内文件重复：(.*)$/, (m) => `The zip contains a file twice: ${m[1]}`);
registerEnglishPattern(
  /^压缩包解压后的大小超过限制（(\d+)MB）！$/,
  (m) => `The extracted zip is larger than ${m[1]} MB!`,
);
registerEnglishPattern(
  /^(.+)格式错误，请使用 \{"文件名"/,
  (m) =>
    `${m[1] === '用户程序额外文件' ? 'User extra files' : 'Judge extra files'}: wrong format, use {"file name": "content"}`,
);
registerEnglishPattern(
  /^测试数据超出(用户|团队)配额（([\d.]+) MB）：已用 ([\d.]+) MB，本次上传 ([\d.]+) MB，请删除不再使用的评测数据后重试！$/,
  (m) =>
    `The test data exceeds the ${m[1] === '用户' ? 'user' : 'group'} quota (${m[2]} MB): ${m[3]} MB used, this upload ${m[4]} MB; remove test data no longer used and try again!`,
);
// Polygon tests made by the package's generators (issue #25 item 5)
registerEnglishPattern(
  /^\[(.+)\] 测试点 (\d+) 的生成命令 "(.*)" 不受支持：一次生成多个测试点的写法 "> (.*)"（Polygon 的 multigen）未实现$/s,
  (m) =>
    `[${m[1]}] test ${m[2]}'s command "${m[3]}" is not supported: the multi-output form "> ${m[4]}" (Polygon's multigen) is not implemented`,
);
registerEnglishPattern(
  /^\[(.+)\] 测试点 (\d+) 的生成命令 "(.*)" 不受支持："> (.*)" 写入的不是第 \d+ 个测试点$/s,
  (m) =>
    `[${m[1]}] test ${m[2]}'s command "${m[3]}" is not supported: "> ${m[4]}" does not write test ${m[2]}`,
);
registerEnglishPattern(
  /^\[(.+)\] 测试点 (\d+) 的生成命令 "(.*)" 不受支持：.*$/s,
  (m) =>
    `[${m[1]}] test ${m[2]}'s command "${m[3]}" is not supported: only "generator args…", "> $" and "> test number" are (no quotes, no other redirections)`,
);
registerEnglishPattern(
  /^\[(.+)\] 测试点 (\d+) 由生成器生成，但 problem.xml 没有给出它的生成命令 \(cmd\)！$/,
  (m) => `[${m[1]}] test ${m[2]} is generated, but problem.xml gives no command (cmd) for it!`,
);
registerEnglishPattern(
  /^\[(.+)\] 测试点由生成器生成，答案要由主解（tag 为 main 的解答）写出，但包里没有主解的源文件！$/,
  (m) =>
    `[${m[1]}] the tests are generated and their answers come from the main solution (tag main), but the package has no main solution source!`,
);
registerEnglishPattern(
  /^\[(.+)\] 生成测试点用的生成器 (.+) 不在包里（没有 (.+)）！$/,
  (m) => `[${m[1]}] the generator ${m[2]} the tests need is not in the package (no ${m[3]})!`,
);
registerEnglishPattern(
  /^\[(.+)\] 生成器 (.+) 包含的 (.+) 不在包的 files\/ 里！$/,
  (m) => `[${m[1]}] ${m[3]}, included by the generator ${m[2]}, is not in the package's files/!`,
);
registerEnglishPattern(
  /^\[(.+)\] 本站未开启测试点生成，无法导入由生成器生成测试点的 Polygon 包！$/,
  (m) =>
    `[${m[1]}] test generation is not enabled here: a Polygon package with generated tests cannot be imported!`,
);
registerEnglishPattern(
  /^\[(.+)\] 无法生成测试点：(.*)$/s,
  (m) => `[${m[1]}] the tests cannot be generated: ${m[2]}`,
);
registerEnglishPattern(
  /^\[(.+)\] 生成测试点超时：评测机在 (\d+) 秒内没有完成，本次未导入任何题目。$/,
  (m) =>
    `[${m[1]}] test generation timed out: the judge did not finish within ${m[2]} s; nothing was imported.`,
);
registerEnglishPattern(
  /^\[(.+)\] 生成测试点失败：第 (\d+) 个生成的测试点已不在存储中$/,
  (m) => `[${m[1]}] test generation failed: generated test ${m[2]} is no longer stored`,
);
registerEnglishPattern(
  /^\[(.+)\] 生成测试点失败：(.*)$/s,
  (m) => `[${m[1]}] test generation failed: ${m[2]}`,
);
registerEnglishPattern(
  /^解答 (.+) 是 Python 2（Kattis 语言 python2），本站没有 Python 2（Debian 12 不提供 python2 和 PyPy 2）：请删除该解答或改用 Python 3 后再导入！$/,
  (m) =>
    `The solution ${m[1]} is Python 2 (Kattis language python2); this judge has no Python 2 (Debian 12 packages neither python2 nor PyPy 2): remove it or port it to Python 3, then import again!`,
);
registerEnglishPattern(
  /^\[(.+)\] 交互题的测试点 (\d+) 由生成器生成：交互题的答案要由交互程序与主解一起写出，导入时不支持，请上传包含生成好的测试点的完整包！$/,
  (m) =>
    `[${m[1]}] test ${m[2]} of an interactive problem is generated: its answer would come from the interactor with the main solution, which the import does not run; upload the full package with the tests generated!`,
);
