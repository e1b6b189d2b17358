// English strings of the contest archive (Contest Archive Format) export and import.
import type { ccsArchiveZhCN } from './ccs-archive.zh-CN';

export const ccsArchiveEnUS: typeof ccsArchiveZhCN = {
  ccsArchive: {
    title: 'Contest archive (Contest Archive Format)',
    help: "Export: download this contest in the Contest API 2023-06 archive format (JSON, event feed, submission sources). Import (super admin): create a new contest (hidden) from an archive; its problems must exist here, submissions keep the archive's verdicts and are not judged again.",
    export: 'Export archive',
    file: 'Archive file',
    chooseFile: 'Choose a zip file…',
    import: 'Import archive',
    needCid: 'Enter the contest ID',
    needFile: 'Choose a zip file',
    imported:
      'Created contest {{cid}}: {{problems}} problems, {{teams}} teams ({{accountsCreated}} new accounts), {{submissions}} submissions, {{skipped}} skipped',
    openContest: 'Edit the new contest',
  },
};
