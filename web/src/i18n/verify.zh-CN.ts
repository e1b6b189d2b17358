// Import verification screen (issue #25 item 3).
export const verifyZhCN = {
  verifyUi: {
    title: '题目包验证',
    solution: '解答',
    language: '语言',
    expected: '期望结果',
    got: '实际结果',
    time: '时间',
    memory: '内存',
    pending: '评测中',
    mismatch: '不符',
    none: '该题目没有题目包附带的解答。',
    progress: '已评测 {{done}} / {{total}} 个解答',
    mismatches: '{{count}} 个解答的结果与期望不符',
    allMatch: '全部 {{total}} 个解答的结果均与期望相符',
    rerun: '重新验证',
    publish: '设为公开',
    public: '已公开',
    verifyOption: '导入后评测题目包附带的解答（题目先设为私有）',
    open: '查看验证结果',
  },
};
