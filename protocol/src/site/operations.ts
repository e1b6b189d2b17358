// The site capability's operations (issue #30): request schemas and success envelope per route.
import { Type, type TInteger } from '@sinclair/typebox';
import { EmptyEnvelope, EnvelopeOf, PageOf } from '../envelope';
import type { OperationTable } from '../operations';
import {
  AnnouncementCreate,
  AnnouncementUpdate,
  AnnouncementVO,
  CarouselImage,
  PageQuery,
  SwitchConfig,
  SwitchConfigUpdate,
  Tool,
  ToolCreate,
  ToolUpdate,
  WebConfig,
  WebConfigUpdate,
  WebsiteConfig,
} from './schemas';

/** `?<name>=<positive integer>`: the id of the row a delete names. */
const IdQuery = <K extends string>(name: K) =>
  Type.Object({ [name]: Type.Integer({ minimum: 1, errorMessage: `${name}必须是正整数！` }) } as Record<
    K,
    TInteger
  >);
export const CarouselIdQuery = IdQuery('id');
export const AnnouncementIdQuery = IdQuery('aid');
export const ToolIdQuery = IdQuery('id');

export const AnnouncementPageEnvelope = EnvelopeOf(PageOf(AnnouncementVO));
export const ToolListEnvelope = EnvelopeOf(Type.Array(Tool));
export const WebConfigEnvelope = EnvelopeOf(WebConfig);
export const SwitchConfigEnvelope = EnvelopeOf(SwitchConfig);

export const siteOperations = {
  // public (core.md §4)
  'GET /api/get-website-config': { response: EnvelopeOf(WebsiteConfig) },
  'GET /api/tools': { response: ToolListEnvelope },
  'GET /api/home-carousel': { response: EnvelopeOf(Type.Array(CarouselImage)) },
  'GET /api/get-common-announcement': { querystring: PageQuery, response: AnnouncementPageEnvelope },

  // website config and switches (groups-admin-files.md §4.3): GET and POST alike
  'GET /api/admin/config/get-web-config': { response: WebConfigEnvelope },
  'POST /api/admin/config/get-web-config': { response: WebConfigEnvelope },
  'PUT /api/admin/config/set-web-config': { body: WebConfigUpdate, response: EmptyEnvelope },
  'GET /api/admin/switch/info': { response: SwitchConfigEnvelope },
  'POST /api/admin/switch/info': { response: SwitchConfigEnvelope },
  'PUT /api/admin/switch/update': { body: SwitchConfigUpdate, response: EmptyEnvelope },

  // home carousel
  'POST /api/file/upload-carouse-img': { response: EnvelopeOf(CarouselImage) },
  'DELETE /api/admin/config/home-carousel': { querystring: CarouselIdQuery, response: EmptyEnvelope },

  // site announcements (§4.4)
  'GET /api/admin/announcement': { querystring: PageQuery, response: AnnouncementPageEnvelope },
  'POST /api/admin/announcement': { body: AnnouncementCreate, response: EmptyEnvelope },
  'PUT /api/admin/announcement': { body: AnnouncementUpdate, response: EmptyEnvelope },
  'DELETE /api/admin/announcement': { querystring: AnnouncementIdQuery, response: EmptyEnvelope },

  // tools (the project's own contract: the reference has none)
  'GET /api/admin/tools': { response: ToolListEnvelope },
  'POST /api/admin/tools': { body: ToolCreate, response: EnvelopeOf(Tool) },
  'PUT /api/admin/tools': { body: ToolUpdate, response: EnvelopeOf(Tool) },
  'DELETE /api/admin/tools': { querystring: ToolIdQuery, response: EmptyEnvelope },
} as const satisfies Partial<OperationTable>;
