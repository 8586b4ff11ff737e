/** The homeowner's home page (docs/product/dashboard.md#home-page): 'Details' on the dashboard opens it. */
export const HOME_PAGE_PATH = '/dashboard/home';
