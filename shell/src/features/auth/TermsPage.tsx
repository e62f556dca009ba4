import { Link as RouterLink } from '@trungtam/shared/router';
import { Heading, Link, Stack, Text } from '@trungtam/shared/ui/core';
import { useTranslation } from '@trungtam/shared/i18n';

/** Terms and conditions (product text: Vietnamese), and the About / Contact / News sections the footer links to. */
export function TermsPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="5">
      <Heading as="h1" size="2xl" textAlign="center">
        {t('auth.terms.title')}
      </Heading>
      <Stack gap="3" color="fg.muted" lineHeight="tall">
        <Text>
          Tài khoản trên hệ thống quản lý trung tâm chỉ dành cho học viên, giáo viên và nhân viên của trung tâm.
          Bạn chịu trách nhiệm giữ bí mật mật khẩu và mọi thao tác thực hiện bằng tài khoản của mình.
        </Text>
        <Text>
          Thông tin cá nhân (họ tên, email, số điện thoại, thông tin người đại diện) chỉ được dùng để tổ chức
          lớp học, liên lạc và gửi thông báo; trung tâm không chia sẻ thông tin này cho bên thứ ba.
        </Text>
        <Text>
          Trung tâm có thể khoá tài khoản vi phạm quy định hoặc không còn sử dụng. Mọi thắc mắc xin liên hệ
          bộ phận giáo vụ.
        </Text>
      </Stack>
      <Stack gap="1" id="about">
        <Heading as="h2" size="md">Giới thiệu</Heading>
        <Text color="fg.muted">Trung tâm đào tạo với các lớp học trực tiếp và trực tuyến cho mọi lứa tuổi.</Text>
      </Stack>
      <Stack gap="1" id="contact">
        <Heading as="h2" size="md">Liên hệ</Heading>
        <Text color="fg.muted">Liên hệ bộ phận giáo vụ tại trung tâm gần nhất để được hỗ trợ.</Text>
      </Stack>
      <Stack gap="1" id="news">
        <Heading as="h2" size="md">Tin tức</Heading>
        <Text color="fg.muted">Thông báo mới của trung tâm được gửi tới bạn sau khi đăng nhập.</Text>
      </Stack>
      <Link asChild justifyContent="center" colorPalette="blue" color="colorPalette.600" fontWeight="semibold">
        <RouterLink to="/auth/registration">{t('auth.terms.back')}</RouterLink>
      </Link>
    </Stack>
  );
}
