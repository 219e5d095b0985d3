/**
 * Every error the service can answer with: machine code → HTTP status → messages.
 * The code never changes with language; `fa` is the default message, `en` is chosen by Accept-Language.
 */
export const ERRORS = {
  invalid_input: { status: 400, fa: 'ورودی نامعتبر است.', en: 'The input is invalid.' },
  invalid_assignment: { status: 400, fa: 'تخصیص نامعتبر است.', en: 'An assignment is invalid.' },
  invalid_swap: { status: 400, fa: 'این جابه‌جایی شیفت ممکن نیست.', en: 'This swap is not possible.' },
  invalid_claim: { status: 400, fa: 'این داوطلبی برای شیفت ممکن نیست.', en: 'This claim is not possible.' },
  invalid_json: { status: 400, fa: 'بدنهٔ درخواست JSON معتبر نیست.', en: 'The request body is not valid JSON.' },
  wrong_password: { status: 400, fa: 'رمز عبور فعلی درست نیست.', en: 'The current password is incorrect.' },
  password_unchanged: {
    status: 400,
    fa: 'رمز عبور جدید باید با رمز فعلی متفاوت باشد.',
    en: 'The new password must differ from the present one.',
  },
  passkey_invalid: { status: 401, fa: 'کلید عبور پذیرفته نشد.', en: 'The passkey was not accepted.' },
  unauthenticated: { status: 401, fa: 'ابتدا وارد شوید.', en: 'Sign-in is required.' },
  invalid_credentials: {
    status: 401,
    fa: 'نام کاربری یا رمز عبور نادرست است.',
    en: 'The username or password is incorrect.',
  },
  account_inactive: { status: 403, fa: 'این حساب غیرفعال است.', en: 'This account is inactive.' },
  forbidden: { status: 403, fa: 'اجازهٔ این کار را ندارید.', en: 'You are not allowed to do this.' },
  ward_forbidden: {
    status: 403,
    fa: 'اجازهٔ دسترسی به این بخش را ندارید.',
    en: 'You may not use the selected ward.',
  },
  must_change_password: {
    status: 403,
    fa: 'پیش از ادامه باید رمز عبور خود را تغییر دهید.',
    en: 'You must change your password before continuing.',
  },
  not_found: { status: 404, fa: 'یافت نشد.', en: 'Not found.' },
  invite_not_found: { status: 404, fa: 'دعوت‌نامه یافت نشد.', en: 'The invitation was not found.' },
  session_not_found: { status: 404, fa: 'نشست یافت نشد.', en: 'The session was not found.' },
  user_not_found: { status: 404, fa: 'کاربر یافت نشد.', en: 'The user was not found.' },
  username_taken: {
    status: 409,
    fa: 'این نام کاربری قبلاً استفاده شده است.',
    en: 'This username is already taken.',
  },
  setup_complete: {
    status: 409,
    fa: 'راه‌اندازی اولیه قبلاً انجام شده است.',
    en: 'First-run setup has already been completed.',
  },
  invite_not_revocable: {
    status: 409,
    fa: 'این دعوت‌نامه دیگر قابل لغو نیست.',
    en: 'This invitation can no longer be revoked.',
  },
  ward_name_taken: {
    status: 409,
    fa: 'بخشی با این نام وجود دارد.',
    en: 'A ward with this name already exists.',
  },
  passkey_not_found: { status: 404, fa: 'کلید عبور یافت نشد.', en: 'The passkey was not found.' },
  shift_type_not_found: { status: 404, fa: 'نوع شیفت یافت نشد.', en: 'The shift type was not found.' },
  contract_not_found: { status: 404, fa: 'قرارداد یافت نشد.', en: 'The contract was not found.' },
  request_not_found: { status: 404, fa: 'درخواست یافت نشد.', en: 'The request was not found.' },
  schedule_not_found: { status: 404, fa: 'برنامهٔ شیفت یافت نشد.', en: 'The schedule was not found.' },
  swap_not_found: { status: 404, fa: 'جابه‌جایی شیفت یافت نشد.', en: 'The swap was not found.' },
  claim_not_found: { status: 404, fa: 'داوطلبی یافت نشد.', en: 'The claim was not found.' },
  job_not_found: { status: 404, fa: 'کار تولید برنامه یافت نشد.', en: 'No solve has been started for this schedule.' },
  shift_code_taken: { status: 409, fa: 'نوع شیفتی با این کد وجود دارد.', en: 'A shift type with this code already exists.' },
  shift_type_in_use: {
    status: 409,
    fa: 'این نوع شیفت در برنامه‌ای به کار رفته است؛ به جای حذف غیرفعالش کنید.',
    en: 'A schedule uses this shift type; deactivate it instead.',
  },
  contract_name_taken: { status: 409, fa: 'قراردادی با این نام وجود دارد.', en: 'A contract with this name already exists.' },
  contract_in_use: { status: 409, fa: 'این قرارداد به کارکنانی اختصاص دارد.', en: 'Staff profiles use this contract.' },
  request_not_pending: {
    status: 409,
    fa: 'این درخواست در وضعیتی نیست که بتوان آن را تغییر داد.',
    en: 'The request is not in a state that allows this.',
  },
  open_request_limit: {
    status: 409,
    fa: 'تعداد درخواست‌های باز این شخص به سقف ۲۰۰ رسیده است.',
    en: 'This person already has 200 open requests, the most allowed.',
  },
  request_duplicate: { status: 409, fa: 'درخواست مشابهی برای این روز وجود دارد.', en: 'An identical request for this day exists.' },
  schedule_overlap: {
    status: 409,
    fa: 'بازهٔ این برنامه با برنامهٔ دیگری از بخش هم‌پوشانی دارد.',
    en: 'The period overlaps another schedule of the ward.',
  },
  schedule_published: { status: 409, fa: 'این برنامه منتشر شده است.', en: 'The schedule is published.' },
  schedule_infeasible: {
    status: 409,
    fa: 'برنامه قواعد الزامی را نقض می‌کند.',
    en: 'The schedule breaks hard rules.',
  },
  version_conflict: {
    status: 409,
    fa: 'برنامه در این فاصله تغییر کرده است؛ دوباره بارگذاری کنید.',
    en: 'The schedule has changed meanwhile; reload it.',
  },
  carry_in_derived: {
    status: 409,
    fa: 'وضعیت ابتدای دوره از برنامهٔ قبلی گرفته می‌شود.',
    en: 'The carry-in comes from the previous schedule.',
  },
  solve_in_progress: {
    status: 409,
    fa: 'تولید خودکار برنامه در جریان است.',
    en: 'An automatic solve is in progress.',
  },
  schedule_past: {
    status: 409,
    fa: 'روزهای گذشتهٔ برنامهٔ منتشرشده تغییر نمی‌کنند.',
    en: 'Days before today of a published schedule are history and do not change this way.',
  },
  swap_conflict: {
    status: 409,
    fa: 'این خانه در جابه‌جایی باز دیگری است.',
    en: 'A cell of this swap is in another open swap.',
  },
  swap_not_pending: {
    status: 409,
    fa: 'این جابه‌جایی در وضعیتی نیست که بتوان آن را تغییر داد.',
    en: 'The swap is not in a state that allows this.',
  },
  swap_stale: {
    status: 409,
    fa: 'خانه‌های این جابه‌جایی از زمان پیشنهاد تغییر کرده‌اند.',
    en: 'The cells of this swap have changed since it was offered.',
  },
  swap_infeasible: {
    status: 409,
    fa: 'این جابه‌جایی قواعد الزامی را نقض می‌کند.',
    en: 'This swap would break hard rules.',
  },
  shift_not_open: { status: 409, fa: 'این شیفت جای خالی ندارد.', en: 'This shift has no open place.' },
  claim_stale: {
    status: 409,
    fa: 'این خانه یا شیفت از زمان داوطلبی تغییر کرده است.',
    en: 'The cell or the shift has changed since the claim was made.',
  },
  claim_infeasible: {
    status: 409,
    fa: 'این داوطلبی قواعد الزامی را نقض می‌کند.',
    en: 'This claim would break hard rules.',
  },
  claim_not_pending: {
    status: 409,
    fa: 'این داوطلبی در وضعیتی نیست که بتوان آن را تغییر داد.',
    en: 'The claim is not in a state that allows this.',
  },
  proposal_not_available: {
    status: 409,
    fa: 'این کار پیشنهاد ترمیمی برای اعمال ندارد یا پیشنهادش پیش‌تر اعمال شده است.',
    en: 'The job has no repair proposal to apply, or it was applied already.',
  },
  method_not_allowed: {
    status: 405,
    fa: 'این روش درخواست پشتیبانی نمی‌شود.',
    en: 'This request method is not supported.',
  },
  invite_used: { status: 410, fa: 'این دعوت‌نامه قبلاً استفاده شده است.', en: 'This invitation has been used.' },
  invite_expired: { status: 410, fa: 'این دعوت‌نامه منقضی شده است.', en: 'This invitation has expired.' },
  invite_revoked: { status: 410, fa: 'این دعوت‌نامه لغو شده است.', en: 'This invitation has been revoked.' },
  payload_too_large: { status: 413, fa: 'بدنهٔ درخواست بیش از حد بزرگ است.', en: 'The request body is too large.' },
  unsupported_media_type: {
    status: 415,
    fa: 'نوع محتوای درخواست باید application/json باشد.',
    en: 'The request content type must be application/json.',
  },
  too_many_attempts: {
    status: 429,
    fa: 'تلاش‌های ناموفق زیاد بود؛ کمی بعد دوباره تلاش کنید.',
    en: 'Too many failed attempts; try again later.',
  },
  too_many_requests: {
    status: 429,
    fa: 'درخواست‌های هم‌زمان این حساب بیش از حد است؛ کمی بعد دوباره تلاش کنید.',
    en: 'This account has too many requests under way; try again shortly.',
  },
  internal: { status: 500, fa: 'خطای داخلی رخ داد.', en: 'An internal error occurred.' },
  service_unavailable: {
    status: 503,
    fa: 'سرویس موقتاً در دسترس نیست.',
    en: 'The service is temporarily unavailable.',
  },
} as const satisfies Record<string, { status: number; fa: string; en: string }>;

export type ErrorCode = keyof typeof ERRORS;
export type Language = 'fa' | 'en';

export const ERROR_CODES = Object.keys(ERRORS) as ErrorCode[];

export interface ErrorIssue {
  path: string;
  message: string;
}

/** The Error shape of the interface description: `{ error, code }`, plus `issues` for validation failures. */
export interface ErrorBody {
  error: string;
  code: ErrorCode;
  issues?: ErrorIssue[];
}

export function errorBody(code: ErrorCode, language: Language, issues?: ErrorIssue[]): ErrorBody {
  return { error: ERRORS[code][language], code, ...(issues ? { issues } : {}) };
}
