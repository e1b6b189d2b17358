// Calls of the site back-office pages (switches, website config, carousel, announcements, tools).
import type { Page } from '@oj/protocol';
import type { AnnouncementVO, CarouselImage, SwitchConfig, Tool, WebConfig } from '@oj/protocol/site/schemas';
import { api } from '../../api/client';

export const siteAdminApi = {
  switches: () => api.get<SwitchConfig>('/api/admin/switch/info'),
  saveSwitches: (s: SwitchConfig) => api.put<null>('/api/admin/switch/update', s),
  webConfig: () => api.get<WebConfig>('/api/admin/config/get-web-config'),
  saveWebConfig: (c: Partial<WebConfig>) => api.put<null>('/api/admin/config/set-web-config', c),
  carousel: () => api.get<CarouselImage[]>('/api/home-carousel'),
  uploadCarousel: (file: File) => {
    const form = new FormData();
    form.append('file', file);
    return api.post<CarouselImage>('/api/file/upload-carouse-img', form);
  },
  deleteCarousel: (id: number) => api.delete<null>('/api/admin/config/home-carousel', { id }),
  announcements: (currentPage: number) =>
    api.get<Page<AnnouncementVO>>('/api/admin/announcement', { currentPage, limit: 10 }),
  createAnnouncement: (a: { title: string; content: string; status: number }) =>
    api.post<null>('/api/admin/announcement', a),
  updateAnnouncement: (a: { id: number; title: string; content: string; status: number }) =>
    api.put<null>('/api/admin/announcement', a),
  deleteAnnouncement: (aid: number) => api.delete<null>('/api/admin/announcement', { aid }),
  emailConfig: () =>
    api.get<{
      emailHost: string | null;
      emailPort: number | null;
      emailUsername: string | null;
      emailSsl: boolean | null;
      emailFrom: string | null;
      delivers: boolean;
    }>('/api/admin/config/get-email-config'),
  testEmail: (email: string) => api.post<null>('/api/admin/config/test-email', { email }),
  tools: () => api.get<Tool[]>('/api/admin/tools'),
  createTool: (t: { name: string; url: string; seq: number }) => api.post<Tool>('/api/admin/tools', t),
  updateTool: (t: { id: number; name: string; url: string; seq: number }) =>
    api.put<Tool>('/api/admin/tools', t),
  deleteTool: (id: number) => api.delete<null>('/api/admin/tools', { id }),
};
