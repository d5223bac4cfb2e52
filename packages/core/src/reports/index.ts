export * from './report-range.ts';
export * from './sales-report.ts';
export * from './product-reports.ts';
export * from './customer-reports.ts';
export * from './stock-reports.ts';
export * from './margin-report.ts';
export * from './reports.ts';
