import UploadFile from '@mui/icons-material/UploadFile';
import { useState } from 'react';
import { Button, CreateButton, TopToolbar } from 'react-admin';
import { DepotUploadDialog } from './DepotUploadDialog';
import { useDepotPermissions } from './useDepotPermissions';

/** Create and CSV upload, for holders of c:depot in the context. */
export function DepotListActions() {
    const { canCreate } = useDepotPermissions();
    const [uploading, setUploading] = useState(false);
    if (!canCreate) return null;
    return (
        <TopToolbar>
            <CreateButton />
            <Button label="app.depots.upload.open" onClick={() => setUploading(true)}>
                <UploadFile />
            </Button>
            <DepotUploadDialog open={uploading} onClose={() => setUploading(false)} />
        </TopToolbar>
    );
}
