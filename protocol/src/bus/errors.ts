/** Errors a bus request can reject with; `code` lets callers branch without instanceof across packages. */

export class BusRequestTimeoutError extends Error {
  readonly code = 'BUS_TIMEOUT';
  constructor(subject: string, timeoutMs: number) {
    super(`bus: request on "${subject}" timed out after ${timeoutMs} ms`);
    this.name = 'BusRequestTimeoutError';
  }
}

export class BusNoRespondersError extends Error {
  readonly code = 'BUS_NO_RESPONDERS';
  constructor(subject: string) {
    super(`bus: no responders for "${subject}"`);
    this.name = 'BusNoRespondersError';
  }
}

/** The responder threw: its message is carried back to the requester. */
export class BusResponderError extends Error {
  readonly code = 'BUS_RESPONDER_ERROR';
  constructor(subject: string, message: string) {
    super(`bus: responder on "${subject}" failed: ${message}`);
    this.name = 'BusResponderError';
  }
}

export class BusClosedError extends Error {
  readonly code = 'BUS_CLOSED';
  constructor() {
    super('bus: closed');
    this.name = 'BusClosedError';
  }
}
