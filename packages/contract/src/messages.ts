/**
 * Customer-facing messages, spelling exactly as SPEC sections 5 and 8 (including
 * 'Somthing' and 'manualy'), each defined once. Zod-free: the forms' schemas (forms.ts) and
 * the browser's pages read them.
 */
export const messages = {
  loginFailed: 'Email or password incorrect, please try again',
  signUpFailed: 'Somthing wrong! Email already reserved!',
  // Said for every address, registered or not (DESIGN section 4: no one learns who is a customer).
  forgotPasswordSent: 'Reset password link sent successfully, please check your inbox and proceed with reset password.',
  forgotPasswordFailed: 'Email or password incorrect, please try again',
  postcodeLookupFailed: 'Invalid PostCode, you may manualy enter your address.',
  productsNotFound: 'Products not found or not available right now.',
  cartEmpty: 'No cart found',
  removeConfirm: 'Are you sure?',
  cookieBanner: 'This website uses cookies to ensure you get the best experience on our website.',
} as const;

/** Inline field messages of the forms (SPEC 5). */
export const fieldMessages = {
  reference: 'Reference is required. (1-100) Characters',
  contactName: 'Contact Name is required. (1-100) Characters',
  region: 'House number or name is required. (1-50) Characters',
  address: 'Address is required. (1-500) Characters',
  town: 'Town is required. (1-50) Characters',
  country: 'Country is required. (1-50) Characters',
  postCode: 'PostCode is required. (1-100) Characters',
  addressPhone: 'Phone is required. (1-14) Characters',
  /** Optional; not in SPEC 5, in its style. */
  addressCompanyName: 'Company Name is at most 100 Characters',
  /** Not in SPEC 5 (which checks lengths only): the address checks of DESIGN section 4, in SPEC 5's style. */
  postCodeFormat: 'PostCode is required. (A valid UK postcode or Irish Eircode)',
  addressPhoneFormat: 'Phone is required. (Digits, spaces and a leading +)',
  /** 1-50, not SPEC 5's 4-50, which refuses "Ian Lee" (DESIGN section 4). */
  firstName: 'First Name is required. (1-50) Characters',
  lastName: 'Last Name is required. (1-50) Characters',
  signUpEmail: 'Email is required. (4-100) Characters',
  signUpPassword: 'Password is required. (5-50) Characters',
  confirmPassword: 'Confirm Password is required. (5-50) Characters',
  /** Not in SPEC 5 (which does not check the match): DESIGN section 4. */
  passwordsDoNotMatch: 'Passwords do not match.',
  signUpPhone: 'Phone is required. (5-14) Characters',
  loginEmail: 'Email is required. (5-100) Characters',
  loginPassword: 'Password is required. (5-14) Characters',
  forgotEmail: 'Email is required. (4-100) Characters',
  resetPassword: 'Password is required. (5-50) Characters',
  bankReference: 'Transaction number is required. (1-100) Characters',
  deliveryNote: 'Delivery note is at most 50 characters',
  packCount: 'No. of Pack must be a whole number from 1 to 1000',
} as const;

/** My account's change-password and company details forms, in SPEC 5's style. */
export const accountSettingsMessages = {
  currentPassword: 'Current Password is required. (1-100) Characters',
  currentPasswordWrong: 'Current Password is not correct.',
  /** SPEC 5's password rule (5-50), as for sign-up and reset. */
  newPassword: 'New Password is required. (5-50) Characters',
  confirmNewPassword: 'Confirm New Password is required. (5-50) Characters',
  passwordsDoNotMatch: fieldMessages.passwordsDoNotMatch,
  companyName: 'Company Name is (1-100) Characters, or leave it empty.',
  vatNumber: 'VAT Number is GB followed by 9 or 12 digits, e.g. GB 123 4567 89, or leave it empty.',
  passwordChanged: 'Your password has been changed. You have been signed out everywhere else.',
  detailsSaved: 'Your company details and newsletter choice have been saved.',
  closeConfirm: 'Please tick the box to confirm that you want to close your account.',
} as const;

/** The customer's return or claim (docs/returns.md): the page's form and POST /api/order/:id/returns say the same. */
export const returnRequestMessages = {
  reason: 'Choose why you are returning the goods.',
  description: 'Describe what is wrong in 1 to 2000 characters.',
  noLines: 'Choose at least one item and how many packs of it.',
  faultFoundOn: 'Enter the date you found the fault.',
} as const;

/** Asking for a quote (docs/sales-desk.md). */
/** "Email me when it is back in stock" on the product page (core/stock/back-in-stock.ts). */
export const backInStockMessages = {
  offer: 'Email me when it is back in stock',
  consent: 'E-mail me once when this size is back in stock. We use your address for nothing else.',
  email: 'Email is required. (4-100) Characters',
  consentRequired: 'Tick the box so we may e-mail you once about this size.',
  noted: (size: string) => `Thank you. We will e-mail you once when ${size} is back in stock.`,
  alreadyNoted: (size: string) => `You have already asked: we will e-mail you once when ${size} is back in stock.`,
  inStock: 'This size is in stock now: you can add it to your basket.',
  notTracked: 'This size is not out of stock: you can add it to your basket.',
  backorder: 'This size can be ordered now: we dispatch it when more comes in.',
  size: 'Choose a size from the product page.',
} as const;

export const quoteRequestMessages = {
  quantity: 'Enter a whole number of units, 1 to 1,000,000.',
  noItems: 'Enter how many units you want of at least one size.',
  neededBy: 'Enter a date, e.g. 2027-01-31.',
} as const;
