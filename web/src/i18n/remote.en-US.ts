// English strings of the remote judge's back-office pages (issue #17).
import type { remoteZhCN } from './remote.zh-CN';

export const remoteEnUS: typeof remoteZhCN = {
  remote: {
    importTitle: 'Import a remote OJ problem',
    judge: 'Remote OJ',
    problemId: 'Problem ID',
    preview: 'Preview',
    import: 'Import',
    imported: 'Problem imported',
    limits: 'Time limit {{time}} ms · Memory limit {{memory}} MB',
    source: 'Original problem',
    languages: 'Languages: {{list}}',
    accountsTitle: 'Remote judge accounts',
    username: 'Username',
    password: 'Password',
    add: 'Add',
    saved: 'Saved',
    state: 'State',
    free: 'Free',
    busy: 'In use',
    delete: 'Delete',
    empty: 'No accounts',
    loading: 'Loading…',
    remoteTag: 'Remote',
    badge: 'Remote · {{judge}}',
    submittedFailed: 'Submitted Failed',
    resubmit: 'Resubmit',
  },
};
