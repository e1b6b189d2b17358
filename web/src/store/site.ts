// Website config and the tools menu, loaded once at start.
import { create } from 'zustand';
import type { Tool as ToolSchema } from '@oj/protocol/site/schemas';
import type { Static } from '@sinclair/typebox';
import { http } from '../api/client';

export interface WebsiteConfig {
  baseUrl?: string;
  name: string;
  shortName: string;
  description: string | null;
  recordName: string | null;
  recordUrl: string | null;
  projectName: string;
  projectUrl: string;
  register: boolean;
  openPublicDiscussion: boolean;
  openGroupDiscussion: boolean;
  openContestComment: boolean;
}

/** A tools menu entry: the fields of the wire row the menu reads. */
export type Tool = Pick<Static<typeof ToolSchema>, 'name' | 'url'>;

export const DEFAULT_WEBSITE_CONFIG: WebsiteConfig = {
  name: 'Online Judge',
  shortName: 'OJ',
  description: null,
  recordName: null,
  recordUrl: null,
  projectName: 'OJ',
  projectUrl: '',
  register: true,
  openPublicDiscussion: true,
  openGroupDiscussion: true,
  openContestComment: true,
};

interface SiteState {
  config: WebsiteConfig;
  tools: Tool[];
  load(): Promise<void>;
}

export const useSite = create<SiteState>((set) => ({
  config: DEFAULT_WEBSITE_CONFIG,
  tools: [],
  async load() {
    const [config, tools] = await Promise.allSettled([
      http.get('/api/get-website-config', undefined, { quiet: true }),
      http.get('/api/tools', undefined, { quiet: true }),
    ]);
    if (config.status === 'fulfilled' && config.value) {
      const merged = { ...DEFAULT_WEBSITE_CONFIG };
      for (const [k, v] of Object.entries(config.value))
        if (v !== null && v !== undefined) Object.assign(merged, { [k]: v });
      set({ config: merged });
    }
    if (tools.status === 'fulfilled' && Array.isArray(tools.value)) {
      set({ tools: tools.value.filter((t) => t && typeof t.name === 'string' && typeof t.url === 'string') });
    }
  },
}));
