// db/local's Auth settings are the hosted project's wherever the product sets one (the settings
// `npm run deploy` applies through Supabase's Management API).
import { HOSTED_AUTH_CONFIG } from '@guia-fortim/db/auth-config';
import { describe, expect, it } from 'vitest';
import { authSettings } from '../config.ts';

describe("db/local's Auth settings", () => {
  it("are the hosted project's wherever the product sets one", () => {
    const local = authSettings('http://127.0.0.1:54321');
    expect({
      mailer_autoconfirm: local.autoconfirm,
      password_min_length: local.passwordMinLength,
      password_required_characters: local.passwordRequiredCharacters.join(':'),
      security_update_password_require_current_password: local.requireCurrentPassword,
      jwt_exp: local.accessTokenSeconds,
      refresh_token_rotation_enabled: true,
      security_refresh_token_reuse_interval: local.refreshTokenReuseSeconds,
    }).toEqual(HOSTED_AUTH_CONFIG);
  });
});
