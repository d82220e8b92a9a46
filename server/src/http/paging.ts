// Paged answers (zero-based `page`, contract convention): one shape for every list that pages.

export interface PageRequest {
  page: number;
  size: number;
}

export interface Page<T> {
  content: T[];
  totalPages: number;
  totalElements: number;
  page: number;
  size: number;
}

/** Defaults the contract gives the Page and Size parameters, for handlers whose query may omit them. */
export function pageRequest(query: { page?: number; size?: number }, defaultSize = 20): PageRequest {
  return { page: query.page ?? 0, size: query.size ?? defaultSize };
}

export function pageOf<T>(content: T[], totalElements: number, { page, size }: PageRequest): Page<T> {
  return { content, totalPages: Math.ceil(totalElements / size), totalElements, page, size };
}

/** LIMIT/OFFSET values of a page. */
export function limitOffset({ page, size }: PageRequest): [limit: number, offset: number] {
  return [size, page * size];
}
