// Shapes of the problem endpoints the screens read (reference/api/core.md §6); only fields used are typed.
export interface Page<T> {
  records: T[];
  total: number;
  current?: number;
  size?: number;
}

export interface TagVO {
  id: number;
  name: string;
  color: string | null;
}

export interface TagGroup {
  classification: { id: number; name: string; oj: string } | null;
  tagList: TagVO[];
}

export const COUNT_FIELDS = ['ac', 'wa', 'tle', 'mle', 're', 'pe', 'ce', 'se', 'pa'] as const;
export type CountField = (typeof COUNT_FIELDS)[number];
export type Counts = Record<CountField, number> & { total: number };

export interface ProblemRow extends Counts {
  pid: number;
  problemId: string;
  title: string;
  difficulty: number;
  type: number;
  tags: TagVO[];
}

export interface ProblemDetail {
  problem: {
    id: number;
    problemId: string;
    title: string;
    author: string | null;
    type: number;
    timeLimit: number;
    memoryLimit: number;
    description: string | null;
    input: string | null;
    output: string | null;
    examples: string | null;
    hint: string | null;
    source: string | null;
    difficulty: number;
    isRemote: boolean;
    isFileIO: boolean;
    ioReadFileName: string | null;
    ioWriteFileName: string | null;
    userExtraFile: string | null;
    gid: number | null;
  };
  tags: TagVO[];
  languages: string[];
  problemCount: Counts;
  codeTemplate: Record<string, string>;
  /** Addition (issue #29): the markdown sections rendered and sanitised by the server. */
  statementHtml?: Partial<Record<'description' | 'input' | 'output' | 'hint' | 'source', string>>;
}
