import { routes } from '#shared/customers/routes.ts';
import { uploadDocument } from '#shared/customers/upload-document.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(routes.uploadCustomerDocument, ({ deps, auth, params, form }) =>
  uploadDocument(deps, { organizationId: auth.organizationId, ...params, ...form.fields, file: form.file }),
);
