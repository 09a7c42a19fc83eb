const REQUEST_ID = /^[\w.:-]{1,64}$/;

/** Whether a client's X-Request-Id may be kept as the request's id (else the store makes one). */
export function validRequestId(value: string): boolean {
  return REQUEST_ID.test(value);
}
