import type { PaginationMeta, PaginationQuery } from '@crm/shared/contract';

export function pageWindow(query: Pick<PaginationQuery, 'page' | 'per_page'>): { limit: number; offset: number } {
  return { limit: query.per_page, offset: (query.page - 1) * query.per_page };
}

export function paginationMetaOf(query: Pick<PaginationQuery, 'page' | 'per_page'>, total: number): PaginationMeta {
  return { current_page: query.page, per_page: query.per_page, total, last_page: Math.max(1, Math.ceil(total / query.per_page)) };
}
