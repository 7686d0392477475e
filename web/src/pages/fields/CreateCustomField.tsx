import { Paper } from '@mantine/core';
import { useNavigate } from 'react-router';
import { AppPage } from '../../components/AppPage';
import { CustomFieldForm } from './CustomFieldForm';

/** /CreateCustomField: the same form as the modal on /CustomFields, as a page. */
export default function CreateCustomField() {
  const navigate = useNavigate();
  const back = () => navigate('/CustomFields');
  return (
    <AppPage title="Create Custom Field" size="md">
      <Paper withBorder radius="md" p="lg">
        <CustomFieldForm onDone={back} onClose={back} />
      </Paper>
    </AppPage>
  );
}
