import { EnvelopeStatus } from '@oj/protocol';
import { registerEnglish } from './message-catalog';

/**
 * An error the client should see as an envelope.
 * `httpStatus` is what the HTTP response carries: 200 for business errors (the envelope
 * status says what went wrong), 401/403/400 for access and validation errors
 * (reference/api/core.md §0.2: the client redirects only on HTTP 401/403).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly httpStatus: number = 200,
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Business failure (HTTP 200, envelope 400 unless given). */
export const fail = (msg: string, status: number = EnvelopeStatus.FAIL, data: unknown = null) =>
  new ApiError(status, msg, 200, data);

/** Business "not found" (HTTP 200, envelope 404). */
export const notFound = (msg: string) => new ApiError(EnvelopeStatus.NOT_FOUND, msg);

/** Business "forbidden" (HTTP 200, envelope 403): a rule said no, not the role guard. */
export const denied = (msg: string) => new ApiError(EnvelopeStatus.FORBIDDEN, msg);

/** Business "access denied" (HTTP 200, envelope 401). */
export const accessDenied = (msg: string) => new ApiError(EnvelopeStatus.ACCESS_DENIED, msg);

/** Bad request shape (HTTP 400, envelope 400). */
export const badRequest = (msg: string) => new ApiError(EnvelopeStatus.FAIL, msg, 400);

/** Not logged in, or token rejected (HTTP 401). */
export const unauthorized = (msg: string = Messages.LOGIN_FIRST) =>
  new ApiError(EnvelopeStatus.ACCESS_DENIED, msg, 401);

/** Role or permission missing (HTTP 403). */
export const forbidden = (msg: string = Messages.NO_PERMISSION) =>
  new ApiError(EnvelopeStatus.FORBIDDEN, msg, 403);

/** The error catalogue texts shared by every capability (reference/api/core.md §0.2, §0.5.4). */
export const Messages = {
  LOGIN_FIRST: '请您先登录！',
  NO_PERMISSION: '对不起，您无权限进行此操作！',
  TOKEN_EXPIRED: '登录状态已失效，请重新登录！',
  ACCOUNT_BANNED: '该账户已被封禁，请联系管理员进行处理！',
  ACCOUNT_MISSING: '账户不存在！',
  BAD_JSON: 'Failed to parse parameter format!',
  MISSING_PARAM: 'The required request parameters are missing：',
  METHOD_NOT_ALLOWED: 'The request method is not supported!',
  MEDIA_TYPE: 'The media type is not supported!',
  SERVER_ERROR: 'Server Error!',
  NOT_FOUND_PATH: 'Query error, unable to find the resource to request',
  NUL_CHARACTER: 'The request contains a NUL character or a broken surrogate, which cannot be stored!',
  TOO_MANY_REQUESTS: '请求过于频繁，请稍后再试！',
  DISK_FULL: '服务器磁盘已满，请联系管理员！',
} as const;

/** "Busy, retry in N s" (load shedding, the sign-in queue): the wire text with its seconds. */
export const busyRetryIn = (seconds: number) => `服务器繁忙，请在${seconds}秒后重试！`;

/** Refused because the server is busy: the envelope says when to retry, and so does Retry-After. */
export class BusyError extends ApiError {
  constructor(
    readonly retryAfterS: number,
    msg: string = busyRetryIn(retryAfterS),
  ) {
    super(503, msg, 503);
    this.name = 'BusyError';
  }
}

registerEnglish({ [Messages.TOO_MANY_REQUESTS]: 'Too many requests, please try again later!' });
