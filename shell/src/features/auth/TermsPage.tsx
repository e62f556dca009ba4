import { useTranslation } from '@trungtam/shared/i18n';
import { AuthLink, AuthTitle } from './fields';

/** Terms and conditions (product text: Vietnamese), and the About / Contact / News sections the footer links to. */
export function TermsPage() {
  const { t } = useTranslation();
  return (
    <div className="plain-stack plain-stack--tight">
      <AuthTitle title={t('auth.terms.title')} />
      <div className="plain-prose">
        <p>
          Tài khoản trên hệ thống quản lý trung tâm chỉ dành cho học viên, giáo viên và nhân viên của trung tâm.
          Bạn chịu trách nhiệm giữ bí mật mật khẩu và mọi thao tác thực hiện bằng tài khoản của mình.
        </p>
        <p>
          Thông tin cá nhân (họ tên, email, số điện thoại, thông tin người đại diện) chỉ được dùng để tổ chức
          lớp học, liên lạc và gửi thông báo; trung tâm không chia sẻ thông tin này cho bên thứ ba.
        </p>
        <p>
          Trung tâm có thể khoá tài khoản vi phạm quy định hoặc không còn sử dụng. Mọi thắc mắc xin liên hệ
          bộ phận giáo vụ.
        </p>
      </div>
      <section className="plain-stack plain-stack--small" id="about">
        <h2 className="plain-subheading">Giới thiệu</h2>
        <p className="plain-muted">Trung tâm đào tạo với các lớp học trực tiếp và trực tuyến cho mọi lứa tuổi.</p>
      </section>
      <section className="plain-stack plain-stack--small" id="contact">
        <h2 className="plain-subheading">Liên hệ</h2>
        <p className="plain-muted">Liên hệ bộ phận giáo vụ tại trung tâm gần nhất để được hỗ trợ.</p>
      </section>
      <section className="plain-stack plain-stack--small" id="news">
        <h2 className="plain-subheading">Tin tức</h2>
        <p className="plain-muted">Thông báo mới của trung tâm được gửi tới bạn sau khi đăng nhập.</p>
      </section>
      <div className="plain-title">
        <AuthLink to="/auth/registration">{t('auth.terms.back')}</AuthLink>
      </div>
    </div>
  );
}
