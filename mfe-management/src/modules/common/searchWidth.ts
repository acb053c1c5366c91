/** The management lists' search width in pixels: wide enough for placeholders such as "Search role permissions". */
export const searchWidth = 240;
