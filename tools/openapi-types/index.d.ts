/** TypeScript declarations for an OpenAPI document, as openapi-typescript writes them. */
export function renderApiTypes(document: object): Promise<string>;
