/** The HTTP methods that change state: they need a JSON body's content type, and document a request body. */
export const STATE_CHANGING_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
