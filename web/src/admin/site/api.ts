// Calls of the site back-office pages (switches, website config, carousel, announcements, tools).
// Types from protocol's site and admin route tables (issue #30).
import type { SwitchConfig, WebConfig } from '@oj/protocol/site/schemas';
import { http } from '../../api/client';

export const siteAdminApi = {
  switches: () => http.get('/api/admin/switch/info'),
  saveSwitches: (s: SwitchConfig) => http.put('/api/admin/switch/update', s),
  webConfig: () => http.get('/api/admin/config/get-web-config'),
  saveWebConfig: (c: Partial<WebConfig>) => http.put('/api/admin/config/set-web-config', c),
  carousel: () => http.get('/api/home-carousel'),
  uploadCarousel: (file: File) => {
    const form = new FormData();
    form.append('file', file);
    // A multipart upload: the table has no body schema for it, so the whole envelope is asked.
    return http.envelope('POST', '/api/file/upload-carouse-img', { body: form }).then((e) => e.data);
  },
  deleteCarousel: (id: number) => http.delete('/api/admin/config/home-carousel', { id }),
  announcements: (currentPage: number) => http.get('/api/admin/announcement', { currentPage, limit: 10 }),
  createAnnouncement: (a: { title: string; content: string; status: number }) =>
    http.post('/api/admin/announcement', a),
  updateAnnouncement: (a: { id: number; title: string; content: string; status: number }) =>
    http.put('/api/admin/announcement', a),
  deleteAnnouncement: (aid: number) => http.delete('/api/admin/announcement', { aid }),
  emailConfig: () => http.get('/api/admin/config/get-email-config'),
  testEmail: (email: string) => http.post('/api/admin/config/test-email', { email }),
  tools: () => http.get('/api/admin/tools'),
  createTool: (t: { name: string; url: string; seq: number }) => http.post('/api/admin/tools', t),
  updateTool: (t: { id: number; name: string; url: string; seq: number }) => http.put('/api/admin/tools', t),
  deleteTool: (id: number) => http.delete('/api/admin/tools', { id }),
};
