import EyeInvisibleOutlined from '@ant-design/icons-svg/es/asn/EyeInvisibleOutlined';
import EyeOutlined from '@ant-design/icons-svg/es/asn/EyeOutlined';
import { useState, type InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { SvgIcon } from '../../ui/SvgIcon.tsx';

/** A password field with the eye that shows what was typed, as antd's Input.Password, drawn by auth.css. */
export function PasswordInput(props: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  return (
    <span className="facet-input">
      <input {...props} type={shown ? 'text' : 'password'} />
      <button type="button" className="facet-input-suffix" aria-label={t('auth.login.showPassword')} aria-pressed={shown} onClick={() => setShown((now) => !now)}>
        <SvgIcon icon={shown ? EyeOutlined : EyeInvisibleOutlined} />
      </button>
    </span>
  );
}
